Page({
  data: {
    items: [
      { id: 1, name: 'Lighthouse' },
      { id: 2, name: 'Harbour' },
      { id: 3, name: 'Old town' },
    ],
  },
  onTapOpenDetail() {
    skip.nav.navigateTo({ url: 'pages/detail/detail' });
  },
});
