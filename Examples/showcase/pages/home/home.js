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

  onSort(e) {
    const products = this.data.products.slice().sort((a, b) => a[e.detail] - b[e.detail]);
    this.setData({ products });
  },

  onOpenProduct(e) {
    skip.nav.navigateTo({ url: 'pages/product/product', query: 'id=' + e.detail });
  },

  onAddToCart(e) {
    cartItems.push(e.detail);
    skip.nav.switchTab({ url: 'pages/cart/cart' });
  },
});
