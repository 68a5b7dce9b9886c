// The home tab: the product list, loaded from the shop's API.
const API = 'https://shop.example.com/api';

Page({
  data: {
    query: '',
    loading: true,
    products: [],
  },

  async onLoad() {
    const response = await skip.net.fetch(API + '/products');
    this.setData({ products: response.json(), loading: false });
  },

  ping() {
    skip.log('home ready');
  },

  onSearch() {
    const query = this.data.query.trim();
    skip.log('search', query);
  },

  onSort(field) {
    const products = this.data.products.slice().sort((a, b) => a[field] - b[field]);
    this.setData({ products });
  },

  onOpenProduct(id) {
    skip.nav.navigateTo({ url: 'pages/product/product', query: 'id=' + id });
  },

  onAddToCart(id) {
    const cart = getApp().cart || [];
    cart.push(id);
    skip.nav.switchTab({ url: 'pages/cart/cart' });
  },
});
