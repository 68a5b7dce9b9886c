Page({
  data: {
    user: { name: '' },
    newsletter: false,
  },
  onToggleNewsletter() {
    this.setData({ newsletter: !this.data.newsletter });
  },
});
