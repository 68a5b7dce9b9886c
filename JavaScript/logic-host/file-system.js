  // `skip.fs.root`: the runtime's synchronous file API over files kept in memory for the test.
  // ---- FS: skip.fs.root, synchronous, in memory for the test (the device keeps the files in
  // temporaryDirectory/MiniAppFS/<app_id>). Every failure returns undefined, as the runtime's
  // errors never reach JavaScript. ----
  var files = { '': { kind: 'directory' } };
  function validPath(path) {
    if (path.charAt(0) === '/') return false;
    return path.split('/').every(function (part) { return part !== '..' && part.indexOf('\\') < 0; });
  }
  function joined(directory, name) { return directory === '' ? String(name) : directory + '/' + String(name); }
  function parentOf(path) { var slash = path.lastIndexOf('/'); return slash < 0 ? '' : path.slice(0, slash); }
  function makeDirectories(path) {
    if (path === '' || files[path]) return files[path] ? files[path].kind === 'directory' : true;
    if (!makeDirectories(parentOf(path))) return false;
    files[path] = { kind: 'directory' };
    return true;
  }
  function DirectoryHandle(path, name) { this.path = path; this.name = name; this.kind = 'directory'; }
  function FileHandle(path, name) { this.path = path; this.name = name; this.kind = 'file'; }
  DirectoryHandle.prototype.getFileHandle = function (name, options) {
    var path = joined(this.path, name);
    if (!validPath(path) || path === '') return undefined;
    var entry = files[path];
    if (entry && entry.kind !== 'file') return undefined;
    if (!entry) {
      if (!(options && options.create) || !makeDirectories(parentOf(path))) return undefined;
      files[path] = { kind: 'file', text: '' };
    }
    return new FileHandle(path, String(name));
  };
  DirectoryHandle.prototype.getDirectoryHandle = function (name, options) {
    var path = joined(this.path, name);
    if (String(name) === '' && this.path === '') return new DirectoryHandle('', '');
    if (!validPath(path)) return undefined;
    var entry = files[path];
    if (entry && entry.kind !== 'directory') return undefined;
    if (!entry && !(options && options.create && makeDirectories(path))) return undefined;
    return new DirectoryHandle(path, String(name));
  };
  DirectoryHandle.prototype.entries = function () {
    var prefix = this.path === '' ? '' : this.path + '/';
    return Object.keys(files).filter(function (path) {
      return path !== '' && path.indexOf(prefix) === 0 && path.slice(prefix.length).indexOf('/') < 0 && path !== this.path;
    }, this).sort().map(function (path) { return { name: path.slice(prefix.length), kind: files[path].kind }; });
  };
  DirectoryHandle.prototype.removeEntry = function (name, options) {
    removePath(this.path ? this.path + '/' + name : String(name), !!(options && options.recursive));
  };
  function removePath(path, recursive) {
    var entry = files[path];
    if (!entry || !validPath(path)) return;
    var inside = Object.keys(files).filter(function (other) { return other !== path && (path === '' || other.indexOf(path + '/') === 0); });
    if (entry.kind === 'directory' && inside.length > 0 && !recursive) return;
    inside.forEach(function (other) { delete files[other]; });
    if (path !== '') delete files[path];
  }
  FileHandle.prototype.read = function () { var entry = files[this.path]; return entry && entry.kind === 'file' ? entry.text : undefined; };
  FileHandle.prototype.write = function (data) {
    if (files[this.path] && files[this.path].kind !== 'file') return;
    if (!makeDirectories(parentOf(this.path))) return;
    files[this.path] = { kind: 'file', text: String(data) };
  };
  FileHandle.prototype.remove = function () { if (files[this.path] && files[this.path].kind === 'file') delete files[this.path]; };
  Object.defineProperty(FileHandle.prototype, 'size', {
    get: function () { var entry = files[this.path]; return entry && entry.kind === 'file' ? unescape(encodeURIComponent(entry.text)).length : 0; }
  });
  var fileSystem = { root: new DirectoryHandle('', '') };
  // SQL: skip.db, synchronous like the runtime's (an object and an array, never a promise); no
  // database is kept, so nothing changes and no row comes back.
  var database = {
    exec: nativeCallable(function () { return { changes: 0, lastInsertRowId: 0 }; }),
    query: nativeCallable(function () { return []; })
  };
