// The SDK's bundled script defines `MiniApp`; the SDK object is its `default`.
const sdk = window.MiniApp.default;

// Needs 'rakuten.miniapp.user.USER_NAME', which manifest.json declares in reqPermissions.
sdk.user
  .getUserName()
  .then((name) => {
    document.getElementById('greeting').textContent = `Hello, ${name}!`;
  })
  .catch((error) => {
    console.error('getUserName failed', error);
  });
