Page({
  data: {
    lines: [],
    total: '0 €',
  },
  onShow() {
    skip.nav.setNavigationBarTitle({ title: 'cart.title' });
  },
  onQuantity(e) {
    skip.log('quantity', e.detail);
  },
  onRemove(e) {
    const lines = this.data.lines.filter((line) => line.id !== e.detail);
    this.setData({ lines, total: lines.length + ' items' });
  },
  onCheckout() {
    skip.nav.navigateTo({ url: 'pages/product/product' });
  },
});
