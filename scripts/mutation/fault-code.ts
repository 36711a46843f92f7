import ts from 'typescript';
import type { Span } from './sample.ts';

/*
 * Which code of the reference only runs with a planted fault on. A mutant there changes nothing an
 * unfaulted run can show (it is judged by the self-test, not by mutation testing), so it is not
 * drawn. Faults are consulted by a call to `fault(id)`, `context.fault(id)`, `authFault(faults, id)`,
 * `httpFault(id)`, ... (docs/faults.md) or, in the re-crawler, `skipRecrawl()` and
 * `recrawlUrlLabels()`.
 */

const FAULT_CALLEE = /^(fault|[A-Za-z]*Fault|skipRecrawl|recrawlUrlLabels)$/;

/**
 * Whether a file of the reference is drawn from: not fault records, planted-fault code or support
 * of its unit tests (`*-probes.ts` hold the probes knowledge/faults.test.ts runs against each fault:
 * no conformance run executes them, so their mutants could only survive).
 */
export function isMutable(fileName: string): boolean {
  if (!/^src\/reference\/.+\.ts$/.test(fileName)) return false;
  if (fileName.endsWith('.test.ts') || fileName.startsWith('src/reference/testing/')) return false;
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  return !(
    base === 'faults.ts' ||
    base.endsWith('-faults.ts') ||
    base === 'fault-switch.ts' ||
    base === 'fault-catalog.ts' ||
    base === 'content-probe-kit.ts' ||
    base.endsWith('-probes.ts') ||
    base === 'test-support.ts'
  );
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
}

function isFaultCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && FAULT_CALLEE.test(calleeName(node) ?? '');
}

/** A row of a table of planted faults (`{ fault: 'auth.x', ... }`): read only with its fault on. */
function isFaultRow(node: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(node) &&
    node.properties.some(
      (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'fault',
    )
  );
}

/** True only when some fault is on. */
function onlyWithFault(node: ts.Expression): boolean {
  const e = unwrap(node);
  if (isFaultCall(e)) return true;
  if (!ts.isBinaryExpression(e)) return false;
  if (e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return onlyWithFault(e.left) || onlyWithFault(e.right);
  if (e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return onlyWithFault(e.left) && onlyWithFault(e.right);
  return false;
}

/** False only when some fault is on. */
function falseOnlyWithFault(node: ts.Expression): boolean {
  const e = unwrap(node);
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.ExclamationToken)
    return onlyWithFault(e.operand);
  if (!ts.isBinaryExpression(e)) return false;
  if (e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return falseOnlyWithFault(e.left) || falseOnlyWithFault(e.right);
  if (e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return falseOnlyWithFault(e.left) && falseOnlyWithFault(e.right);
  return false;
}

/**
 * The spans of `source` that run only with a fault on: every fault consultation itself, the
 * condition and branch of an `if` or `?:` taken only with a fault on, the operands of a `&&` that is
 * true only with a fault on (of a `||` false only with one), a function that only consults one, and
 * the rows of a table of planted faults.
 */
export function faultOnlySpans(fileName: string, source: string): Span[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const spans: Span[] = [];
  const add = (...nodes: ts.Node[]) => spans.push(...nodes.map((node) => spanOf(file, node)));
  const visit = (node: ts.Node): void => {
    if (isFaultCall(node)) add(node);
    else if (ts.isIfStatement(node)) {
      if (onlyWithFault(node.expression)) add(node.expression, node.thenStatement);
      else if (falseOnlyWithFault(node.expression) && node.elseStatement)
        add(node.expression, node.elseStatement);
    } else if (ts.isConditionalExpression(node)) {
      if (onlyWithFault(node.condition)) add(node.condition, node.whenTrue);
      else if (falseOnlyWithFault(node.condition)) add(node.condition, node.whenFalse);
    } else if (ts.isBinaryExpression(node)) {
      const and = node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken;
      const or = node.operatorToken.kind === ts.SyntaxKind.BarBarToken;
      if ((and && onlyWithFault(node)) || (or && falseOnlyWithFault(node))) add(node.left, node.right);
    } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body) && onlyWithFault(node.body)) add(node);
    else if (isFaultRow(node)) add(node);
    else if (ts.isArrayLiteralExpression(node) && node.elements.length > 0 && node.elements.every(isFaultRow))
      add(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return spans;
}

function spanOf(file: ts.SourceFile, node: ts.Node): Span {
  const start = file.getLineAndCharacterOfPosition(node.getStart(file));
  const end = file.getLineAndCharacterOfPosition(node.getEnd());
  return {
    start: { line: start.line, column: start.character },
    end: { line: end.line, column: end.character },
  };
}
