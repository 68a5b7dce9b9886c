import FuzzDriver

runFuzzer(.config)
