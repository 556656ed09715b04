/// Hand-written `project.pbxproj` texts shaped like Xcode's own output, for the project tests.
enum XcodeProjectFixtures {
    /// Xcode 15 style: an app and a widget extension, nested groups, a shared folder outside the
    /// project folder, Debug/Release entitlements that differ, and an xcconfig base configuration.
    static let twoTargets = #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 56;
        	objects = {

        /* Begin PBXBuildFile section */
        		1A0000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000001 /* AppDelegate.swift */; };
        		1A0000000000000000000002 /* SignInView.swift in Sources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000002 /* SignInView.swift */; };
        		1A0000000000000000000003 /* Legacy.m in Sources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000003 /* Legacy.m */; };
        		1A0000000000000000000004 /* Login.swift in Sources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000004 /* Login.swift */; };
        		1A0000000000000000000005 /* Login.swift in Sources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000004 /* Login.swift */; };
        		1A0000000000000000000006 /* WidgetView.swift in Sources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000006 /* WidgetView.swift */; };
        		1A0000000000000000000007 /* PrivacyInfo.xcprivacy in Resources */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000007 /* PrivacyInfo.xcprivacy */; };
        		1A0000000000000000000008 /* AuthenticationServices.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000008 /* AuthenticationServices.framework */; };
        		1A0000000000000000000009 /* GoogleSignIn in Frameworks */ = {isa = PBXBuildFile; productRef = 9A0000000000000000000002 /* GoogleSignIn */; };
        		1A000000000000000000000A /* MyWidget.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = 2A0000000000000000000011 /* MyWidget.appex */; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
        /* End PBXBuildFile section */

        /* Begin PBXContainerItemProxy section */
        		3A0000000000000000000001 /* PBXContainerItemProxy */ = {
        			isa = PBXContainerItemProxy;
        			containerPortal = 7A0000000000000000000001 /* Project object */;
        			proxyType = 1;
        			remoteGlobalIDString = 6A0000000000000000000002;
        			remoteInfo = MyWidget;
        		};
        /* End PBXContainerItemProxy section */

        /* Begin PBXFileReference section */
        		2A0000000000000000000001 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        		2A0000000000000000000002 /* SignInView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = SignInView.swift; path = Views/SignInView.swift; sourceTree = "<group>"; };
        		2A0000000000000000000003 /* Legacy.m */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.c.objc; path = Legacy.m; sourceTree = "<group>"; };
        		2A0000000000000000000004 /* Login.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Login.swift; sourceTree = "<group>"; };
        		2A0000000000000000000005 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        		2A0000000000000000000006 /* WidgetView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Widget View.swift"; sourceTree = "<group>"; };
        		2A0000000000000000000007 /* PrivacyInfo.xcprivacy */ = {isa = PBXFileReference; lastKnownFileType = text.xml; path = PrivacyInfo.xcprivacy; sourceTree = SOURCE_ROOT; };
        		2A0000000000000000000008 /* AuthenticationServices.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = AuthenticationServices.framework; path = System/Library/Frameworks/AuthenticationServices.framework; sourceTree = SDKROOT; };
        		2A0000000000000000000009 /* MyApp.entitlements */ = {isa = PBXFileReference; lastKnownFileType = text.plist.entitlements; path = MyApp.entitlements; sourceTree = "<group>"; };
        		2A000000000000000000000A /* Widget.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Configs/Widget.xcconfig; sourceTree = SOURCE_ROOT; };
        		2A0000000000000000000010 /* MyApp.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = MyApp.app; sourceTree = BUILT_PRODUCTS_DIR; };
        		2A0000000000000000000011 /* MyWidget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = MyWidget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFrameworksBuildPhase section */
        		4A0000000000000000000003 /* Frameworks */ = {
        			isa = PBXFrameworksBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				1A0000000000000000000008 /* AuthenticationServices.framework in Frameworks */,
        				1A0000000000000000000009 /* GoogleSignIn in Frameworks */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXGroup section */
        		5A0000000000000000000001 = {
        			isa = PBXGroup;
        			children = (
        				5A0000000000000000000002 /* MyApp */,
        				5A0000000000000000000003 /* MyWidget */,
        				5A0000000000000000000004 /* Shared */,
        				2A0000000000000000000007 /* PrivacyInfo.xcprivacy */,
        				2A000000000000000000000A /* Widget.xcconfig */,
        				5A0000000000000000000005 /* Products */,
        				5A0000000000000000000006 /* Frameworks */,
        			);
        			sourceTree = "<group>";
        		};
        		5A0000000000000000000002 /* MyApp */ = {
        			isa = PBXGroup;
        			children = (
        				2A0000000000000000000001 /* AppDelegate.swift */,
        				2A0000000000000000000002 /* SignInView.swift */,
        				2A0000000000000000000003 /* Legacy.m */,
        				2A0000000000000000000005 /* Info.plist */,
        				2A0000000000000000000009 /* MyApp.entitlements */,
        			);
        			path = MyApp;
        			sourceTree = "<group>";
        		};
        		5A0000000000000000000003 /* MyWidget */ = {
        			isa = PBXGroup;
        			children = (
        				2A0000000000000000000006 /* WidgetView.swift */,
        			);
        			path = MyWidget;
        			sourceTree = "<group>";
        		};
        		5A0000000000000000000004 /* Shared */ = {
        			isa = PBXGroup;
        			children = (
        				2A0000000000000000000004 /* Login.swift */,
        			);
        			name = Shared;
        			path = ../Shared/Auth;
        			sourceTree = "<group>";
        		};
        		5A0000000000000000000005 /* Products */ = {
        			isa = PBXGroup;
        			children = (
        				2A0000000000000000000010 /* MyApp.app */,
        				2A0000000000000000000011 /* MyWidget.appex */,
        			);
        			name = Products;
        			sourceTree = "<group>";
        		};
        		5A0000000000000000000006 /* Frameworks */ = {
        			isa = PBXGroup;
        			children = (
        				2A0000000000000000000008 /* AuthenticationServices.framework */,
        			);
        			name = Frameworks;
        			sourceTree = "<group>";
        		};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        		6A0000000000000000000001 /* MyApp */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 8A0000000000000000000002 /* Build configuration list for PBXNativeTarget "MyApp" */;
        			buildPhases = (
        				4A0000000000000000000001 /* Sources */,
        				4A0000000000000000000003 /* Frameworks */,
        				4A0000000000000000000004 /* Resources */,
        				4A0000000000000000000005 /* Embed Foundation Extensions */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        				3B0000000000000000000001 /* PBXTargetDependency */,
        			);
        			name = MyApp;
        			packageProductDependencies = (
        				9A0000000000000000000002 /* GoogleSignIn */,
        			);
        			productName = MyApp;
        			productReference = 2A0000000000000000000010 /* MyApp.app */;
        			productType = "com.apple.product-type.application";
        		};
        		6A0000000000000000000002 /* MyWidget */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 8A0000000000000000000003 /* Build configuration list for PBXNativeTarget "MyWidget" */;
        			buildPhases = (
        				4A0000000000000000000002 /* Sources */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        			);
        			name = MyWidget;
        			productName = MyWidget;
        			productReference = 2A0000000000000000000011 /* MyWidget.appex */;
        			productType = "com.apple.product-type.app-extension";
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		7A0000000000000000000001 /* Project object */ = {
        			isa = PBXProject;
        			attributes = {
        				BuildIndependentTargetsInParallel = 1;
        				LastSwiftUpdateCheck = 1500;
        				LastUpgradeCheck = 1500;
        				TargetAttributes = {
        					6A0000000000000000000001 = {
        						CreatedOnToolsVersion = 15.0;
        					};
        				};
        			};
        			buildConfigurationList = 8A0000000000000000000001 /* Build configuration list for PBXProject "MyApp" */;
        			compatibilityVersion = "Xcode 14.0";
        			developmentRegion = en;
        			hasScannedForEncodings = 0;
        			knownRegions = (
        				en,
        				Base,
        			);
        			mainGroup = 5A0000000000000000000001;
        			packageReferences = (
        				9A0000000000000000000001 /* XCRemoteSwiftPackageReference "GoogleSignIn-iOS" */,
        			);
        			productRefGroup = 5A0000000000000000000005 /* Products */;
        			projectDirPath = "";
        			projectRoot = "";
        			targets = (
        				6A0000000000000000000001 /* MyApp */,
        				6A0000000000000000000002 /* MyWidget */,
        			);
        		};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        		4A0000000000000000000004 /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				1A0000000000000000000007 /* PrivacyInfo.xcprivacy in Resources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXCopyFilesBuildPhase section */
        		4A0000000000000000000005 /* Embed Foundation Extensions */ = {
        			isa = PBXCopyFilesBuildPhase;
        			buildActionMask = 2147483647;
        			dstPath = "";
        			dstSubfolderSpec = 13;
        			files = (
        				1A000000000000000000000A /* MyWidget.appex in Embed Foundation Extensions */,
        			);
        			name = "Embed Foundation Extensions";
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXCopyFilesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        		4A0000000000000000000001 /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				1A0000000000000000000002 /* SignInView.swift in Sources */,
        				1A0000000000000000000001 /* AppDelegate.swift in Sources */,
        				1A0000000000000000000003 /* Legacy.m in Sources */,
        				1A0000000000000000000004 /* Login.swift in Sources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        		4A0000000000000000000002 /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				1A0000000000000000000006 /* WidgetView.swift in Sources */,
        				1A0000000000000000000005 /* Login.swift in Sources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXSourcesBuildPhase section */

        /* Begin PBXTargetDependency section */
        		3B0000000000000000000001 /* PBXTargetDependency */ = {
        			isa = PBXTargetDependency;
        			target = 6A0000000000000000000002 /* MyWidget */;
        			targetProxy = 3A0000000000000000000001 /* PBXContainerItemProxy */;
        		};
        /* End PBXTargetDependency section */

        /* Begin XCBuildConfiguration section */
        		8B0000000000000000000001 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				ALWAYS_SEARCH_USER_PATHS = NO;
        				GCC_PREPROCESSOR_DEFINITIONS = (
        					"DEBUG=1",
        					"$(inherited)",
        				);
        				IPHONEOS_DEPLOYMENT_TARGET = 16.0;
        				SDKROOT = iphoneos;
        				SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
        			};
        			name = Debug;
        		};
        		8B0000000000000000000002 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				ALWAYS_SEARCH_USER_PATHS = NO;
        				IPHONEOS_DEPLOYMENT_TARGET = 16.0;
        				SDKROOT = iphoneos;
        				VALIDATE_PRODUCT = YES;
        			};
        			name = Release;
        		};
        		8B0000000000000000000003 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
        				CODE_SIGN_ENTITLEMENTS = "MyApp/MyApp-Debug.entitlements";
        				CODE_SIGN_STYLE = Automatic;
        				DEVELOPMENT_TEAM = ABCDE12345;
        				INFOPLIST_FILE = MyApp/Info.plist;
        				LD_RUNPATH_SEARCH_PATHS = (
        					"$(inherited)",
        					"@executable_path/Frameworks",
        				);
        				PRODUCT_BUNDLE_IDENTIFIER = com.example.MyApp;
        				PRODUCT_NAME = "$(TARGET_NAME)";
        				SWIFT_VERSION = 5.0;
        			};
        			name = Debug;
        		};
        		8B0000000000000000000004 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
        				CODE_SIGN_ENTITLEMENTS = "$(SRCROOT)/$(TARGET_NAME)/$(PRODUCT_NAME).entitlements";
        				CODE_SIGN_STYLE = Automatic;
        				DEVELOPMENT_TEAM = ABCDE12345;
        				INFOPLIST_FILE = "$(SRCROOT)/MyApp/Info.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = com.example.MyApp;
        				PRODUCT_NAME = "$(TARGET_NAME)";
        				SWIFT_VERSION = 5.0;
        			};
        			name = Release;
        		};
        		8B0000000000000000000005 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = 2A000000000000000000000A /* Widget.xcconfig */;
        			buildSettings = {
        				CODE_SIGN_ENTITLEMENTS = MyWidget/MyWidget.entitlements;
        				PRODUCT_BUNDLE_IDENTIFIER = com.example.MyApp.MyWidget;
        				PRODUCT_NAME = "$(TARGET_NAME)";
        			};
        			name = Debug;
        		};
        		8B0000000000000000000006 /* Release */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = 2A000000000000000000000A /* Widget.xcconfig */;
        			buildSettings = {
        				PRODUCT_BUNDLE_IDENTIFIER = com.example.MyApp.MyWidget;
        				PRODUCT_NAME = "$(TARGET_NAME)";
        			};
        			name = Release;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		8A0000000000000000000001 /* Build configuration list for PBXProject "MyApp" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				8B0000000000000000000001 /* Debug */,
        				8B0000000000000000000002 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		8A0000000000000000000002 /* Build configuration list for PBXNativeTarget "MyApp" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				8B0000000000000000000003 /* Debug */,
        				8B0000000000000000000004 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		8A0000000000000000000003 /* Build configuration list for PBXNativeTarget "MyWidget" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				8B0000000000000000000005 /* Debug */,
        				8B0000000000000000000006 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        /* End XCConfigurationList section */

        /* Begin XCRemoteSwiftPackageReference section */
        		9A0000000000000000000001 /* XCRemoteSwiftPackageReference "GoogleSignIn-iOS" */ = {
        			isa = XCRemoteSwiftPackageReference;
        			repositoryURL = "https://github.com/google/GoogleSignIn-iOS";
        			requirement = {
        				kind = upToNextMajorVersion;
        				minimumVersion = 7.0.0;
        			};
        		};
        /* End XCRemoteSwiftPackageReference section */

        /* Begin XCSwiftPackageProductDependency section */
        		9A0000000000000000000002 /* GoogleSignIn */ = {
        			isa = XCSwiftPackageProductDependency;
        			package = 9A0000000000000000000001 /* XCRemoteSwiftPackageReference "GoogleSignIn-iOS" */;
        			productName = GoogleSignIn;
        		};
        /* End XCSwiftPackageProductDependency section */
        	};
        	rootObject = 7A0000000000000000000001 /* Project object */;
        }
        """#

    /// Xcode 16 style: synchronized folders with membership exceptions.
    static let synchronized = #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        		E100000000000000000000A1 /* Exceptions for "App" folder in "App" target */ = {
        			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        			membershipExceptions = (
        				Info.plist,
        				Debug,
        			);
        			target = D100000000000000000000A1 /* App */;
        		};
        		E100000000000000000000A2 /* Exceptions for "App" folder in "Widget" target */ = {
        			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        			membershipExceptions = (
        				Shared.swift,
        			);
        			target = D100000000000000000000A2 /* Widget */;
        		};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        		C100000000000000000000A1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E100000000000000000000A1 /* Exceptions for "App" folder in "App" target */, E100000000000000000000A2 /* Exceptions for "App" folder in "Widget" target */, ); path = App; sourceTree = "<group>"; };
        		C100000000000000000000A2 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXGroup section */
        		B100000000000000000000A1 = {
        			isa = PBXGroup;
        			children = (
        				C100000000000000000000A1 /* App */,
        				C100000000000000000000A2 /* Widget */,
        			);
        			sourceTree = "<group>";
        		};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        		D100000000000000000000A1 /* App */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = F100000000000000000000A2;
        			buildPhases = (
        			);
        			fileSystemSynchronizedGroups = (
        				C100000000000000000000A1 /* App */,
        			);
        			name = App;
        			productType = "com.apple.product-type.application";
        		};
        		D100000000000000000000A2 /* Widget */ = {
        			isa = PBXNativeTarget;
        			buildPhases = (
        			);
        			fileSystemSynchronizedGroups = (
        				C100000000000000000000A2 /* Widget */,
        			);
        			name = Widget;
        			productType = "com.apple.product-type.app-extension";
        		};
        		D100000000000000000000A3 /* AppTests */ = {
        			isa = PBXNativeTarget;
        			buildPhases = (
        			);
        			name = AppTests;
        			productType = "com.apple.product-type.bundle.unit-test";
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		A100000000000000000000A1 /* Project object */ = {
        			isa = PBXProject;
        			mainGroup = B100000000000000000000A1;
        			targets = (
        				D100000000000000000000A1 /* App */,
        				D100000000000000000000A2 /* Widget */,
        				D100000000000000000000A3 /* AppTests */,
        			);
        		};
        /* End PBXProject section */

        /* Begin XCBuildConfiguration section */
        		F100000000000000000000A1 /* Release */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReferenceAnchor = C100000000000000000000A1 /* App */;
        			baseConfigurationReferenceRelativePath = Config/App.xcconfig;
        			buildSettings = {
        				INFOPLIST_FILE = App/Info.plist;
        			};
        			name = Release;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		F100000000000000000000A2 = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				F100000000000000000000A1 /* Release */,
        			);
        		};
        /* End XCConfigurationList section */
        	};
        	rootObject = A100000000000000000000A1 /* Project object */;
        }
        """#
}
