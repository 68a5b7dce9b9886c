Page({
  data: {
    product: { name: '', description: '' },
  },
  onLoad(options) {
    skip.log('product', options.query);
  },
  onBack() {
    skip.nav.navigateBack({ delta: 1 });
  },
});
