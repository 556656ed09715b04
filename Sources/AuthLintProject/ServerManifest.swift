import AuthLintModel
import AuthLintSyntax
import Foundation

/// A manifest that makes its folder a server: a Python project that depends on a web framework or
/// a token library (`requirements.txt`, `pyproject.toml`, `Pipfile`), a Node project that does
/// (`package.json`; a front end's token library alone does not), or a Swift package that
/// depends on Vapor, jwt-kit or Hummingbird and that no app ships. The code in that folder is a
/// server target: the App Store rules leave it alone, and the server's own rules read it.
public struct ServerManifest: Sendable, Hashable {
    /// Root-relative path of the manifest.
    public var path: String
    /// The folder it makes a server (`""` for the root).
    public var folder: String
    /// The language of the server's code.
    public var language: SourceLanguage
    /// The server frameworks and token libraries it names, normalised (lower case, `-` for `_`
    /// and `.`), in the order first named.
    public var frameworks: [String]

    public init(path: String, language: SourceLanguage, frameworks: [String]) {
        self.path = path
        self.folder = ProjectPath.directory(of: path)
        self.language = language
        self.frameworks = frameworks
    }

    /// Whether it depends on a web framework that runs on servers only (Vapor, Hummingbird), not
    /// just on a token library an app may use too (jwt-kit).
    public var dependsOnServerFramework: Bool {
        language == .swift && frameworks.contains { $0 == "vapor" || $0 == "hummingbird" }
    }

    /// Whether the server's folder holds a root-relative path.
    public func contains(_ path: String) -> Bool { ProjectPath.isInside(path, folder: folder) }

    /// The server of `servers` with the deepest folder that holds `path`, of the language given.
    public static func deepest(of servers: [ServerManifest], containing path: String, language: SourceLanguage?)
        -> ServerManifest?
    {
        servers.filter { $0.language == language && $0.contains(path) }.max { $0.folder.count < $1.folder.count }
    }

    /// The packages that make a Python project a server: web frameworks, and the libraries that
    /// verify tokens or talk to Firebase from a server.
    public static let pythonFrameworks: Set<String> = [
        "flask", "fastapi", "django", "djangorestframework", "starlette", "quart", "sanic", "litestar", "falcon",
        "bottle", "aiohttp", "tornado", "pyramid", "chalice", "functions-framework", "firebase-functions",
        "firebase-admin", "pyjwt", "python-jose", "authlib", "jwcrypto",
    ]

    /// The packages that make a Node project a server: server frameworks, and the libraries
    /// that verify tokens or talk to Firebase from a server (``nodeTokenLibraries``).
    public static let nodeFrameworks = Set([
        "express", "fastify", "koa", "@nestjs/core", "@hapi/hapi", "hono", "firebase-functions",
    ]).union(nodeTokenLibraries)

    /// Token libraries a front end may use too (to read its own session's claims).
    public static let nodeTokenLibraries: Set<String> = [
        "firebase-admin", "jsonwebtoken", "jose", "jwks-rsa", "apple-signin-auth", "verify-apple-id-token",
    ]

    /// The packages of a front end: a project that names one is an app (React Native, Expo,
    /// Capacitor) or a web page, not a server, unless it names a server framework too.
    public static let nodeFrontEnds: Set<String> = [
        "react-native", "expo", "@capacitor/core", "cordova", "@ionic/core", "react", "react-dom", "vue",
        "@angular/core", "svelte",
    ]

    /// The repositories (`owner/name`) whose packages make a Swift package a server.
    public static let swiftServerRepositories: Set<String> = [
        "vapor/vapor", "vapor/jwt", "vapor/jwt-kit", "hummingbird-project/hummingbird",
    ]

    /// How a framework or token library of ``frameworks`` is written where people read it
    /// (`fastapi` is FastAPI); a package not named here is shown as its manifest names it.
    public static func displayName(of framework: String) -> String {
        displayNames[framework] ?? framework
    }

    private static let displayNames: [String: String] = [
        "flask": "Flask", "fastapi": "FastAPI", "django": "Django", "djangorestframework": "Django REST framework",
        "starlette": "Starlette", "quart": "Quart", "sanic": "Sanic", "litestar": "Litestar", "falcon": "Falcon",
        "bottle": "Bottle", "tornado": "Tornado", "pyramid": "Pyramid", "chalice": "Chalice",
        "functions-framework": "Functions Framework", "firebase-functions": "Cloud Functions for Firebase",
        "firebase-admin": "Firebase Admin", "pyjwt": "PyJWT", "authlib": "Authlib", "express": "Express",
        "fastify": "Fastify", "koa": "Koa", "@nestjs/core": "NestJS", "@hapi/hapi": "hapi", "hono": "Hono",
        "vapor": "Vapor", "jwt": "Vapor JWT", "hummingbird": "Hummingbird",
    ]

    /// The server a Python or Node manifest describes, or nil when it names no server framework.
    public static func read(_ bytes: [UInt8], path: String, kind: ProjectFileKind) -> ServerManifest? {
        let names: [String]
        let known: Set<String>
        let language: SourceLanguage
        switch kind {
        case .pythonManifest:
            let name = ProjectPath.lastComponent(of: path)
            names = name.hasSuffix(".txt") ? requirementNames(bytes) : tomlDependencyNames(bytes)
            known = pythonFrameworks
            language = .python
        case .nodeManifest:
            names = packageJSONDependencies(bytes)
            known = nodeFrameworks
            language = .javaScript
        default:
            return nil
        }
        var frameworks: [String] = []
        for name in names where known.contains(name) && !frameworks.contains(name) { frameworks.append(name) }
        // A front end's token library reads its own session; it makes no server.
        if kind == .nodeManifest, names.contains(where: nodeFrontEnds.contains),
            frameworks.allSatisfy(nodeTokenLibraries.contains)
        {
            return nil
        }
        return frameworks.isEmpty ? nil : ServerManifest(path: path, language: language, frameworks: frameworks)
    }

    /// The Swift servers among the package manifests: those that depend on a server package.
    public static func swiftServers(_ packages: [LinkedPackage]) -> [ServerManifest] {
        var frameworks: [String: [String]] = [:]
        for package in packages
        where package.manager == .swiftPackageManager
            && ProjectPath.lastComponent(of: package.source).hasPrefix("Package")
            && package.source.hasSuffix(".swift")
        {
            guard let repository = package.location.flatMap(repository(of:)),
                swiftServerRepositories.contains(repository)
            else { continue }
            let name = String(repository.split(separator: "/").last!)
            if frameworks[package.source, default: []].contains(name) == false {
                frameworks[package.source, default: []].append(name)
            }
        }
        return frameworks.keys.sorted(by: ProjectPath.precedes).map {
            ServerManifest(path: $0, language: .swift, frameworks: frameworks[$0]!)
        }
    }

    /// `owner/name` of a repository URL (`https://github.com/vapor/vapor.git`,
    /// `git@github.com:vapor/jwt-kit`), lower case.
    static func repository(of location: String) -> String? {
        var parts = location.lowercased().split(whereSeparator: { $0 == "/" || $0 == ":" }).map(String.init)
        guard parts.count >= 2 else { return nil }
        if parts[parts.count - 1].hasSuffix(".git") { parts[parts.count - 1].removeLast(4) }
        return parts[parts.count - 2] + "/" + parts[parts.count - 1]
    }

    /// A requirement's project name, normalised: `Flask[async]>=2` gives `flask`. A URL
    /// (`https://…/archive.zip`) names no project.
    static func requirementName(_ text: Substring) -> String? {
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        guard let first = name.first, first.isLetter || first.isNumber, !text[name.endIndex...].hasPrefix("://")
        else { return nil }
        return String(name).lowercased().replacingOccurrences(of: "_", with: "-")
            .replacingOccurrences(of: ".", with: "-")
    }

    /// The names of a requirements file: one requirement a line; comments, options (`-r`,
    /// `--index-url`) and URLs are not names.
    static func requirementNames(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let text = line.drop { $0 == " " || $0 == "\t" }
            guard !text.hasPrefix("-"), !text.hasPrefix("#") else { return nil }
            return requirementName(text)
        }
    }

    /// The dependency names of a `pyproject.toml` or `Pipfile`: the requirement strings of the
    /// `dependencies` arrays (`[project]`, `[project.optional-dependencies]`,
    /// `[dependency-groups]`) and the keys of the dependency tables (Poetry's
    /// `[tool.poetry.dependencies]` and its groups, Pipfile's `[packages]` and `[dev-packages]`).
    /// Only these are read, line by line; the rest of the file is not TOML this reader checks.
    static func tomlDependencyNames(_ bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var table = ""
        var inArray = false
        for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if inArray {
                names += quotedStrings(in: line).compactMap { requirementName($0[...]) }
                if closesArray(line) { inArray = false }
                continue
            }
            if line.hasPrefix("[") {
                table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t")).lowercased()
                    .replacingOccurrences(of: "\"", with: "")
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let keyedTable =
                table == "packages" || table == "dev-packages"
                || (table.hasPrefix("tool.poetry") && table.hasSuffix("dependencies"))
            let arrayHolder =
                (table == "project" && key == "dependencies") || table == "project.optional-dependencies"
                || table == "dependency-groups" || key == "dev-dependencies"
            if keyedTable, let name = requirementName(key[...]) {
                names.append(name)
            } else if arrayHolder, value.hasPrefix("[") {
                names += quotedStrings(in: value).compactMap { requirementName($0[...]) }
                inArray = !closesArray(value)
            }
        }
        return names
    }

    /// The texts of the quoted strings of a line.
    private static func quotedStrings(in line: String) -> [String] {
        var strings: [String] = []
        var current: String?
        var quote: Character = "\""
        for character in line {
            if var text = current {
                if character == quote {
                    strings.append(text)
                    current = nil
                } else {
                    text.append(character)
                    current = text
                }
            } else if character == "\"" || character == "'" {
                quote = character
                current = ""
            } else if character == "#" {
                break
            }
        }
        return strings
    }

    /// Whether a `]` outside quotes ends the line's array.
    private static func closesArray(_ line: String) -> Bool {
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return false
            } else if character == "]" {
                return true
            }
        }
        return false
    }

    /// The names of a `package.json`'s `dependencies`, lower case; none when it is no JSON object.
    static func packageJSONDependencies(_ bytes: [UInt8]) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let dependencies = object["dependencies"] as? [String: Any]
        else { return [] }
        return dependencies.keys.map { $0.lowercased() }.sorted()
    }
}
