  // `console`, `skip.log` and `getSystemInfo`, formatting as the runtime does.
  // ---- R registerConsole, LG log, getSystemInfo ----
  // console: each value through ToString (objects print [object Object]), joined by spaces.
  function consoleText(args) {
    return Array.prototype.map.call(args, function (value) { try { return String(value); } catch (error) { return ''; } }).join(' ');
  }
  var consoleObject = {};
  ['log', 'warn', 'error', 'info', 'debug'].forEach(function (level) {
    consoleObject[level] = nativeCallable(function () {
      var text = consoleText(arguments);
      state.console.push(text);
      state.output.push('console.' + level + ': ' + text);
    });
  });
  // skip.log: objects (and null) as JSON, the rest through String; a value JSON cannot write
  // empties the whole message.
  var log = nativeCallable(function () {
    var text;
    try {
      text = Array.prototype.map.call(arguments, function (value) { return typeof value === 'object' ? JSON.stringify(value) : String(value); }).join(' ');
    } catch (error) { text = ''; }
    state.logs.push(text);
    state.output.push('skip.log: ' + text);
  });
  var systemInfo = nativeCallable(function () {
    return { platform: 'ios', appId: String(manifest.app_id), version: String(manifest.version && manifest.version.name) };
  });
