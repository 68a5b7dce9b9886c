import FuzzDriver

runFuzzer(.template)
