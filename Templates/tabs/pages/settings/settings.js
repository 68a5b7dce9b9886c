Page({
  data: {
    nickname: '',
  },
  onShow() {
    skip.nav.setNavigationBarTitle({ title: 'settings.title' });
  },
});
