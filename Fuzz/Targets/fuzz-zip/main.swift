import FuzzDriver

runFuzzer(.zip)
