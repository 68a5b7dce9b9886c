import FuzzDriver

runFuzzer(.i18n)
