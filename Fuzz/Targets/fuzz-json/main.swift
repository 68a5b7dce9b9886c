import FuzzDriver

runFuzzer(.json)
