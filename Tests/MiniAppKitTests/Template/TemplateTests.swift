import Testing

/// Groups the template tests so that `swift test --filter Template` runs all of them.
@Suite struct TemplateTests {}
