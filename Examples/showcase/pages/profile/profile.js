Page({
  data: {
    user: { name: '' },
    newsletter: false,
  },
  onToggleNewsletter() {
    this.setData({ newsletter: !this.data.newsletter });
  },
  // Not x-model: SkipMiniApp writes x-model input into the first page's data only.
  onName(event) {
    this.setData({ 'user.name': event.detail });
  },
});
