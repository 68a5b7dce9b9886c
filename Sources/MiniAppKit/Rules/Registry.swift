/// Every rule mactl runs, in the order the docs list them. Adding a rule is its file and one
/// line here.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        // Project
        MissingManifest.self,
        MissingRootFile.self,
        SymlinkOutsideRoot.self,
        UnreadableFile.self,
        FileTooLarge.self,
        // JSON files
        JSONSyntaxError.self,
        DuplicateJSONKey.self,
        TrailingCommaInJSON.self,
        CommentInJSON.self,
        ByteOrderMarkInJSON.self,
        InvalidUTF8InJSON.self,
        JSONNestingTooDeep.self,
        // Manifest
        ManifestNotObject.self,
        MissingManifestMember.self,
        WrongManifestType.self,
        NegativeManifestNumber.self,
        EmptyManifestString.self,
        AppIDFormat.self,
        NoPages.self,
        DuplicatePage.self,
        InvalidManifestPath.self,
        PageNotFound.self,
        WidgetPageNotFound.self,
        IconNotFound.self,
        InvalidIconSizes.self,
        InvalidManifestValue.self,
        InvalidColor.self,
        InvalidLanguageTag.self,
        TabCount.self,
        TabPageNotListed.self,
        DuplicateTabPage.self,
        TabIconNotFound.self,
        TabIconNotSVG.self,
        UnknownManifestMember.self,
        // Page templates
        TemplateMarkupError.self,
        UnclosedElement.self,
        MissingPageRoot.self,
        DirectiveOutsidePage.self,
        UnknownDirective.self,
        UnknownModifier.self,
        DirectiveNeedsTemplateElement.self,
        TemplateRootCount.self,
        InvalidForLoop.self,
        UnsupportedExpression.self,
        InlineStatement.self,
        ModelOnCheckbox.self,
        InvalidModelTarget.self,
        UnsafeHTMLDirective.self,
        UnknownHandler.self,
        HandlersWithoutScript.self,
        UnknownStoreKey.self,
        UndefinedName.self,
        HostAPIInView.self,
        ScriptElementInTemplate.self,
        InlineEventAttribute.self,
        RemoteResource.self,
        // Page and app scripts
        ScriptLoadError.self,
        MissingRegistration.self,
        DuplicateRegistration.self,
        MisspeltLifecycleHook.self,
        UnusedHandler.self,
        UndeclaredSetDataKey.self,
        BrowserGlobalInLogic.self,
        UnknownHostAPI.self,
        NavigationToUnknownPage.self,
        SwitchTabToNonTabPage.self,
        NavigateToTabPage.self,
        // Translations
        InvalidLocaleFileName.self,
        LocaleNotFlat.self,
        NonStringTranslation.self,
        EmptyTranslation.self,
        MissingDefaultLocale.self,
        MissingTranslationKey.self,
        UntranslatedKey.self,
        ExtraTranslationKey.self,
        UnusedTranslationKey.self,
        PlaceholderMismatch.self,
        MissingPlaceholderArgument.self,
        UnusedPlaceholderArgument.self,
        InvalidPluralMap.self,
        // Configuration
        ConfigSyntaxError.self,
        UnknownConfigKey.self,
        UnknownConfigRule.self,
        InvalidConfigValue.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static var allIDs: [String] { all.map { $0.description.id } }

    public static func description(for id: String) -> RuleDescription? {
        all.first { $0.description.id == id }?.description
    }
}
