Page({
  data: {
    count: 0,
  },
  onLoad() {
    skip.log('home loaded');
  },
  onTapIncrement() {
    this.setData({ count: this.data.count + 1 });
  },
});
