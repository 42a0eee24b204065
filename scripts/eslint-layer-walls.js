/**
 * An ESLint rule for the walls that depend on where an import lands, not on how it is written:
 * `no-restricted-imports` sees only the specifier, and `../server` from a browser file reaches either
 * the plugin's server or a view folder named server depending on the file's depth. Each import (static,
 * dynamic, re-export or `require`) is resolved to a path of the repository, relative or by its
 * tsconfig.json alias, and checked against the walls given as options.
 */
'use strict';

const path = require('node:path');
const { pathAliases } = require('./path-aliases.js');

const ROOT = path.resolve(__dirname, '..');

/** The repository path an import specifier names, or undefined for a package. */
function resolveSpecifier(specifier, fromFile) {
  if (specifier.startsWith('.'))
    return path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier));
  const alias = pathAliases().find(({ prefix }) => specifier.startsWith(prefix));
  return alias ? path.posix.join(alias.folder, specifier.slice(alias.prefix.length)) : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const walls = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            files: { type: 'string' },
            exceptFiles: { type: 'string' },
            target: { type: 'string' },
            message: { type: 'string' },
          },
          required: ['files', 'target', 'message'],
          additionalProperties: false,
        },
      },
    ],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const applying = (context.options[0] ?? []).filter(
      (wall) =>
        new RegExp(wall.files).test(file) &&
        !(wall.exceptFiles && new RegExp(wall.exceptFiles).test(file)),
    );
    if (applying.length === 0) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, context.filename);
      if (target === undefined) return;
      const wall = applying.find((candidate) => new RegExp(candidate.target).test(target));
      if (wall) context.report({ node: source, message: wall.message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(node.arguments[0]);
      },
    };
  },
};

module.exports = { rules: { walls } };
