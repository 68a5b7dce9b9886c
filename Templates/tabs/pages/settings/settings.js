Page({
  data: {
    nickname: '',
  },
  onShow() {
    skip.nav.setNavigationBarTitle({ title: 'settings.title' });
  },
  // Through a handler, not x-model="store.nickname": SkipMiniApp writes x-model input into
  // the first page's data only.
  onNickname(event) {
    // The bridge sends `detail || {}`, so an emptied field arrives as {}, not ''.
    this.setData({ nickname: typeof event.detail === 'string' ? event.detail : '' });
  },
});
