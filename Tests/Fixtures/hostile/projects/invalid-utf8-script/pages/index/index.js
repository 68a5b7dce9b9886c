// ÿşÃ(
Page({
  data: {},
});
