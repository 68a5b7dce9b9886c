import FuzzDriver

runFuzzer(.verify)
