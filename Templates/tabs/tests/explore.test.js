test('the list shows three places', async () => {
  const explore = await app.open('pages/explore/explore');
  expect(explore.view.items.map((item) => item.name)).toEqual(['Lighthouse', 'Harbour', 'Old town']);
});

test('the button opens the detail page, and its Back button returns', async () => {
  const explore = await app.open('pages/explore/explore');
  await explore.tap('button');
  expect(app.currentPage).toBe('pages/detail/detail');
  expect(app.stack).toEqual(['pages/explore/explore', 'pages/detail/detail']);
  await app.page.tap('button');
  expect(app.stack).toEqual(['pages/explore/explore']);
});
