Page({
  data: {
    lines: [],
    total: '0 €',
  },
  onShow() {
    skip.nav.setNavigationBarTitle({ title: 'cart.title' });
  },
  onQuantity(id) {
    skip.log('quantity', id);
  },
  onRemove(id) {
    const lines = this.data.lines.filter((line) => line.id !== id);
    this.setData({ lines, total: lines.length + ' items' });
  },
  onCheckout() {
    skip.nav.redirectTo({ url: 'pages/product/product' });
  },
});
