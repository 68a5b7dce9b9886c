import FuzzDriver

runFuzzer(.jsonCompact)
