  // The i18n module: the locale chain, the merged catalog, `t`, `n`, `d`, `plural` (docs/runtimes.md, skip.locale-chain, skip.locale-flat, skip.i18n-substitution, skip.i18n-format-options, skip.plural-first-hash).
  // ---- I loadTranslations, localeFallbackChain, registerInRuntime ----
  var defaultRegions = { fr: 'FR', es: 'ES', pt: 'PT', de: 'DE', it: 'IT', nl: 'NL', ru: 'RU', ar: 'SA', zh: 'CN', ja: 'JP', ko: 'KR', en: 'US' };
  function localeChain(identifier) {
    var tag = String(identifier).replace(/_/g, '-');
    var language = tag.split('-')[0];
    var chain = [tag];
    if (defaultRegions[language]) chain.push(language + '-' + defaultRegions[language]);
    chain.push(language);
    return chain.filter(function (candidate, index) { return chain.indexOf(candidate) === index; });
  }
  // I parseTranslations: a flat map of strings, else the whole file is ignored.
  function catalog(tag) {
    var text = project.locales[tag];
    if (text === undefined) return null;
    var parsed;
    try { parsed = JSON.parse(text); } catch (error) { return null; }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    var keys = Object.keys(parsed);
    for (var i = 0; i < keys.length; i++) if (typeof parsed[keys[i]] !== 'string') return null;
    return parsed;
  }
  function firstCatalog(chain) {
    for (var i = 0; i < chain.length; i++) { var found = catalog(chain[i]); if (found) return { tag: chain[i], messages: found }; }
    return null;
  }
  var i18nState = null;
  function i18n() {
    if (i18nState) return i18nState;
    var manifestLang = typeof manifest.lang === 'string' ? manifest.lang : 'en';
    var active = firstCatalog(localeChain(state.deviceLocale).concat(localeChain(manifestLang), ['en']));
    var fallback = firstCatalog(localeChain(manifestLang)) || firstCatalog(['en']);
    var merged = {};
    if (project.i18nModule) {
      if (fallback) Object.keys(fallback.messages).forEach(function (key) { merged[key] = fallback.messages[key]; });
      if (active) Object.keys(active.messages).forEach(function (key) { merged[key] = active.messages[key]; });
    }
    i18nState = { merged: merged, locale: active ? active.tag : manifestLang };
    return i18nState;
  }
  // I t and V __i18nTranslate: every {name} replaced; an empty translation gives the key.
  function translate(key, params) {
    var text = i18n().merged[key] || String(key);
    if (params !== null && typeof params === 'object') {
      Object.keys(params).forEach(function (name) { text = text.split('{' + name + '}').join(String(params[name])); });
    }
    return text;
  }
  var i18nModule = {
    t: function (key, params) {
      if (params !== undefined && params !== null && typeof params !== 'object') {
        notice('skip.i18n.t(' + show(key) + ', ' + show(params) + ') substitutes nothing: the runtime takes the placeholders\' values only from an object, {name: value}', caller(), 'ignored');
      }
      return translate(key, params);
    },
    n: function (value, options) {
      if (options !== null && typeof options === 'object') {
        report('skip.i18n.n with an options object returns undefined on iOS (the options are pasted into code as "[object Object]")', caller(), 'ignored');
        return undefined;
      }
      var number = Number(value);
      if (!isFinite(number)) return undefined;
      return new Intl.NumberFormat(i18n().locale, {}).format(number);
    },
    d: function (value, options) {
      if (options !== null && typeof options === 'object') {
        report('skip.i18n.d with an options object returns undefined on iOS (the options are pasted into code as "[object Object]")', caller(), 'ignored');
        return undefined;
      }
      try { return new Intl.DateTimeFormat(i18n().locale, {}).format(value); } catch (error) {
        notice('skip.i18n.d(' + show(value) + ') returns undefined on iOS: Intl.DateTimeFormat.format throws ' + describeThrown(error) + '; pass a Date or a number of milliseconds', caller(), 'ignored');
        return undefined;
      }
    },
    plural: function (count, forms) {
      if (forms === null || typeof forms !== 'object') {
        notice('skip.i18n.plural(' + show(count) + ', ' + show(forms) + ') returns "": the runtime wants the forms as an object, {one: \'# item\', other: \'# items\'}', caller(), 'ignored');
        return '';
      }
      var number = Number(count);
      if (!isFinite(number) || Math.abs(number) >= 9223372036854775807) {
        report('skip.i18n.plural(' + show(count) + ', …) crashes the app on iOS: the runtime converts the count with Int(...), which traps', caller(), 'crash');
        return undefined;
      }
      var rule = new Intl.PluralRules(i18n().locale).select(number);
      if (!forms[rule] && !forms.other) {
        notice('skip.i18n.plural(' + show(count) + ', …) returns "": the forms have neither ' + JSON.stringify(rule) + ' nor other, the CLDR categories the runtime looks up (' +
          JSON.stringify(Object.keys(forms).join(', ')) + ' are not)', caller(), 'ignored');
      }
      var text = forms[rule] || forms.other || '';
      return String(text).replace('#', String(Math.trunc(number)));
    }
  };
  Object.defineProperty(i18nModule, 'locale', { enumerable: true, get: function () { return i18n().locale; } });
