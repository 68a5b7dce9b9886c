import FuzzDriver

runFuzzer(.scriptEngine)
