Page({
  data: {
    product: { name: '', description: '' },
  },
  onLoad(options) {
    skip.log('product', options.query);
  },
  onSeen() {
    skip.log('product seen');
  },
  onBack() {
    skip.nav.navigateBack({ delta: 1 });
  },
});
