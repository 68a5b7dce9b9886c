App({
  onLaunch(options) {
    skip.log('launch', options.path);
  },
  onError(message) {
    skip.log('error', message);
  },
});
