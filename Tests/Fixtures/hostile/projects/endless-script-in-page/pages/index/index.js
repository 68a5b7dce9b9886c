Page({
  data: (() => { for (;;) {} })(),
  onLoad() {},
})
