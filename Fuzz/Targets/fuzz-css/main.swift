import FuzzDriver

runFuzzer(.css)
