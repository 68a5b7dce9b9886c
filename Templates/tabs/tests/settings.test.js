test('typing a nickname stores it in the page data', async () => {
  const settings = await app.open('pages/settings/settings');
  await settings.input('#nickname', 'Ann');
  expect(settings.data.nickname).toBe('Ann');
});

test('clearing the nickname stores an empty one', async () => {
  const settings = await app.open('pages/settings/settings');
  await settings.input('#nickname', 'Ann');
  await settings.input('#nickname', '');
  expect(settings.data.nickname).toBe('');
});

test('the page sets its title when shown', async () => {
  await app.open('pages/settings/settings');
  expect(app.title).toBe('Settings');
});
