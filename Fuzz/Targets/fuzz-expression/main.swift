import FuzzDriver

runFuzzer(.expression)
