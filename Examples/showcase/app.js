// What the pages share. All scripts run in one JavaScript context, so a top-level 'var' here
// is visible to every page script (SkipMiniApp has no getApp()).
var cartItems = [];

App({
  onLaunch(options) {
    skip.log('launch', options.path);
  },
});
