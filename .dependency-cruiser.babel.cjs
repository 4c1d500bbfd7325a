// How dependency-cruiser reads this repository's TypeScript (.dependency-cruiser.cjs, options.babelConfig).
//
// dependency-cruiser parses TypeScript with the `typescript` package below 7 or with swc (which it asks
// for .ts syntax only, so it cannot read our .tsx); this repository has TypeScript 7 (the native
// compiler, no JavaScript API). @babel/core (a root devDependency) reads TypeScript and JSX. Nothing here
// is compiled: the plugin below replaces every module by the list of modules it names, as plain
// `import 'x'` / `import('x')`, which dependency-cruiser's own parser then reads. Type-only imports are
// kept on purpose: a type taken from another workspace's internals is a dependency on them all the same.

/** Every module a file names: import / export ... from, import(), and `import('x').T` in types. */
function namedModulesOnly({ types: t }) {
  return {
    name: 'named-modules-only',
    // Per file (dependency-cruiser expands this config once, so `overrides` would not apply): JSX only
    // in .tsx, as in a .ts file `<T>(x: T) => x` is a generic arrow, not an element.
    manipulateOptions(options, parserOptions) {
      parserOptions.plugins.push('typescript');
      if (/\.tsx$/.test(options.filename ?? '')) parserOptions.plugins.push('jsx');
    },
    visitor: {
      Program: {
        exit(program) {
          const statics = [];
          const dynamics = [];
          const literal = (node) => (node?.type === 'StringLiteral' ? node.value : undefined);
          const add = (list, name) => {
            if (name !== undefined) list.push(name);
          };
          program.traverse({
            ImportDeclaration: (path) => add(statics, literal(path.node.source)),
            ExportAllDeclaration: (path) => add(statics, literal(path.node.source)),
            ExportNamedDeclaration: (path) => add(statics, literal(path.node.source)),
            TSImportEqualsDeclaration: (path) => add(statics, literal(path.node.moduleReference?.expression)),
            TSImportType: (path) =>
              add(statics, literal(path.node.argument) ?? literal(path.node.argument?.literal)),
            CallExpression: (path) => {
              if (path.node.callee.type === 'Import') add(dynamics, literal(path.node.arguments[0]));
            },
            ImportExpression: (path) => add(dynamics, literal(path.node.source)),
          });
          program.node.directives = [];
          program.node.body = [
            ...statics.map((name) => t.importDeclaration([], t.stringLiteral(name))),
            ...dynamics.map((name) =>
              t.expressionStatement(t.callExpression(t.import(), [t.stringLiteral(name)])),
            ),
          ];
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  comments: false,
  plugins: [namedModulesOnly],
};
