// `mactl test` runs this file: each test gets a fresh app in a headless host that behaves as
// SkipMiniApp's runtime does (registration, lifecycle, setData, navigation, i18n). See
// docs/testing.md in mactl for the API.
test('the count starts at 0 and each tap on the button adds one', async () => {
  const home = await app.open('pages/home/home');
  expect(home.data.count).toBe(0);
  await home.tap('button');
  await home.tap('button');
  expect(home.data.count).toBe(2);
  // What the page's view shows after setData.
  expect(home.view.count).toBe(2);
});

test('the home tab is titled in the device language', async () => {
  app.locale('fr-FR');
  await app.open('pages/home/home');
  expect(app.title).toBe('Accueil');
});
