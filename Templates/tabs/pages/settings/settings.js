Page({
  data: {
    nickname: '',
  },
  onShow() {
    skip.nav.setNavigationBarTitle({ title: 'settings.title' });
  },
  // Not x-model: SkipMiniApp writes x-model input into the first page's data only.
  onNickname(event) {
    this.setData({ nickname: event.detail });
  },
});
