// `mactl test` runs this file: each test gets a fresh app in a headless host that behaves as
// SkipMiniApp's runtime does. See docs/testing.md in mactl for the API.
test('the app opens on its first page without errors', async () => {
  const page = await app.open('pages/index/index');
  expect(app.currentPage).toBe('pages/index/index');
  expect(page.data).toEqual({});
  expect(app.errors).toEqual([]);
});
