Page({
  data: {},
});
