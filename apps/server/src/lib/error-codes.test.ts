import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCodes, isErrorCode } from '@leasing/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server answers only the contract's error codes. TypeScript already holds `HttpError` to
 * `ErrorCode`; this scan also catches what a cast or a plain object would let through: every
 * string-literal code given to an error factory (`new HttpError('X', …)`, the error handler's
 * `errorAnswer('X', …)`) or written as `code: 'X'` in an error body (an object beside `message`
 * or `statusCode`, or under `error:`), and a `statusCode` beside a code that is not the code's.
 */
const ERROR_FACTORIES = new Set(['HttpError', 'httpError', 'errorAnswer']);

type Found = { file: string; line: number; code: string; problem?: string };

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ||
  ts.isAsExpression(node) ||
  ts.isSatisfiesExpression(node) ||
  ts.isTypeAssertionExpression(node)
    ? unwrap(node.expression)
    : node;

const calleeName = (node: ts.CallExpression | ts.NewExpression): string | undefined => {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

const propertyNamed = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (property): property is ts.PropertyAssignment =>
      ts.isPropertyAssignment(property) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      property.name.text === name,
  );

/** Every error code written as a string in `source`, each with what is wrong with it, if anything. */
const scanErrorCodes = (file: string, source: string): Found[] => {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  // `const NO_MAILBOX = 'NO_MAILBOX'`: a code named once in the file and used by name.
  const constants = new Map<string, string>();
  const found: Found[] = [];
  const literalOf = (node: ts.Expression | undefined): string | undefined => {
    if (!node) return undefined;
    const inner = unwrap(node);
    if (ts.isStringLiteralLike(inner)) return inner.text;
    if (ts.isIdentifier(inner)) return constants.get(inner.text);
    return undefined;
  };
  const report = (node: ts.Node, code: string, status?: number) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const problem = !isErrorCode(code)
      ? 'not in the contract'
      : status !== undefined && status !== errorCodes[code].status
        ? `status ${status}, the contract says ${errorCodes[code].status}`
        : undefined;
    found.push({ file, line, code, ...(problem ? { problem } : {}) });
  };

  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isStringLiteralLike(unwrap(node.initializer))
    ) {
      constants.set(node.name.text, (unwrap(node.initializer) as ts.StringLiteralLike).text);
    }
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.arguments?.length) {
      const name = calleeName(node);
      const code = name && ERROR_FACTORIES.has(name) ? literalOf(node.arguments[0]) : undefined;
      if (code !== undefined) report(node, code);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const codeProperty = propertyNamed(node, 'code');
      const code = literalOf(codeProperty?.initializer);
      const parent = node.parent;
      const isErrorBody =
        propertyNamed(node, 'message') !== undefined ||
        propertyNamed(node, 'statusCode') !== undefined ||
        (ts.isPropertyAssignment(parent) &&
          ts.isIdentifier(parent.name) &&
          parent.name.text === 'error');
      // Error codes are UPPER_SNAKE; zod issues (`code: 'custom'`) and providers' own codes
      // (`card_declined`) are not answered to clients.
      if (codeProperty && code !== undefined && isErrorBody && /^[A-Z][A-Z0-9_]*$/.test(code)) {
        const statusProperty = propertyNamed(node, 'statusCode')?.initializer;
        const status =
          statusProperty && ts.isNumericLiteral(statusProperty)
            ? Number(statusProperty.text)
            : undefined;
        report(codeProperty, code, status);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
};

const serverSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const srcDir = fileURLToPath(new URL('..', import.meta.url));

describe('error codes the server answers', () => {
  it('are all in the contract, each with the contract’s status', () => {
    const found = serverSources(srcDir).flatMap((path) =>
      scanErrorCodes(relative(srcDir, path), readFileSync(path, 'utf8')),
    );
    // The control: the scan sees the codes the server throws, not an empty list.
    const codes = new Set(found.map((entry) => entry.code));
    for (const code of ['VALIDATION', 'NOT_FOUND', 'RATE_LIMITED', 'CONFLICT', 'INTERNAL']) {
      expect(codes, code).toContain(code);
    }
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((entry) => entry.problem)).toEqual([]);
  });

  it('reports a code that is not in the contract, and a status that is not the code’s', () => {
    const source = `
      import { HttpError } from '../lib/errors.js';
      const GONE = 'LINK_GONE';
      export const a = () => new HttpError('NOT_A_CODE' as never, 'Nope.');
      export const b = () => new HttpError(GONE as never, 'Gone.');
      export const c = (reply) => reply.status(418).send({ error: { code: 'TEAPOT', message: 'x' } });
      export const d = { errorResponseBuilder: () => ({ statusCode: 400, code: 'RATE_LIMITED', message: 'Slow down.' }) };
      export const e = () => new HttpError('NOT_FOUND', 'Fine.');
      export const f = (ctx) => ctx.addIssue({ code: 'custom', message: 'not a phone number' });
      export const g = Object.assign(new Error('dns'), { code: 'ENOTFOUND' });
    `;
    const found = scanErrorCodes('injected.ts', source);
    expect(found.filter((entry) => entry.problem)).toEqual([
      { file: 'injected.ts', line: 4, code: 'NOT_A_CODE', problem: 'not in the contract' },
      { file: 'injected.ts', line: 5, code: 'LINK_GONE', problem: 'not in the contract' },
      { file: 'injected.ts', line: 6, code: 'TEAPOT', problem: 'not in the contract' },
      {
        file: 'injected.ts',
        line: 7,
        code: 'RATE_LIMITED',
        problem: 'status 400, the contract says 429',
      },
    ]);
    // The right code is seen and passes; a zod issue and a system error's code are no answers.
    expect(found.map((entry) => entry.code)).toEqual([
      'NOT_A_CODE',
      'LINK_GONE',
      'TEAPOT',
      'RATE_LIMITED',
      'NOT_FOUND',
    ]);
  });
});
