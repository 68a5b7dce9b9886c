import FuzzDriver

runFuzzer(.scriptLexer)
