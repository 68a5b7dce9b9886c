Page({
  data: {},
  onTapBack() {
    skip.nav.navigateBack({ delta: 1 });
  },
});
