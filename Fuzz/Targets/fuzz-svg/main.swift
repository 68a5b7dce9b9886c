import FuzzDriver

runFuzzer(.svg)
