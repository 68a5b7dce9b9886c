// The app's logic layer: runs once, in an isolated JavaScript context with no DOM.
App({
  onLaunch(options) {
    skip.log('launched at ' + options.path);
  },
  onShow() {},
});
