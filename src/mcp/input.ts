// Tool arguments at the MCP door, refused in the server's own words. The protocol SDK checks a call's arguments
// against the zod schema a tool is registered with before the tool runs, and answers a wrong one itself with its list
// of zod issues and no kind: "Input validation error: … expected string, received number at instanceId" (the MCP
// Inspector, like many clients, sends instanceId=12345 as a number), or the instance id's pattern as a regular
// expression. So each tool is registered with a twin of its input schema that lists exactly the same JSON Schema but
// takes any value (registeredInput), and the door checks the arguments itself (checkedToolArgs): a wrong one is a
// ToolRefusal('validation') with one sentence, which becomes the usual tool error with its kind line.
import { z } from 'zod';
import { toolArgs } from '../tools/args.js';
import { ToolRefusal } from '../tools/refusal.js';
import type { ToolSpec } from '../tools/spec.js';

interface FieldSchema {
  type?: string;
  description?: string;
}

/** The input's JSON Schema as the SDK lists it (draft-07, the input side of defaults). */
function jsonSchemaOf(input: z.ZodObject): { properties: Record<string, FieldSchema>; required: string[] } {
  const json = z.toJSONSchema(input, { target: 'draft-7', io: 'input' }) as {
    properties?: Record<string, FieldSchema>;
    required?: string[];
  };
  return { properties: json.properties ?? {}, required: json.required ?? [] };
}

/**
 * What the tool is registered with: each field takes any value and carries its JSON Schema as metadata, so tools/list
 * shows what the spec's schema says (types, patterns, bounds, defaults, required, no other property) while the SDK
 * lets every call through to checkedToolArgs.
 */
export function registeredInput(input: z.ZodObject): z.ZodObject {
  const { properties, required } = jsonSchemaOf(input);
  const shape: Record<string, z.ZodType> = {};
  // Optional for the SDK's check (a missing argument too is ours to refuse); the listed `required` is the spec's.
  for (const [key, schema] of Object.entries(properties))
    shape[key] = z
      .unknown()
      .meta(schema as Record<string, unknown>)
      .optional();
  return z.looseObject(shape).meta({ ...(required.length > 0 ? { required } : {}), additionalProperties: false });
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
const TYPE_WORDS: Record<string, string> = { string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'true or false' };

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/**
 * The arguments run() takes (defaults filled in, month and date ids canonical: args.ts toolArgs), or a ToolRefusal
 * with one sentence: an argument the tool does not take (never repeated: it may be anything), a missing one, or a
 * value of the wrong kind, each naming the argument and what it takes in the words of its description. A string
 * where a string is wanted goes on as it is, for the tool's own checks to word what is wrong with it (the core's
 * rules for ids, the SMS checks), as the chat door does.
 */
export function checkedToolArgs(spec: ToolSpec, input: z.ZodObject, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const shape = input.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape);
  if (Object.keys(args).some((k) => !Object.hasOwn(shape, k))) {
    throw new ToolRefusal(
      'validation',
      names.length === 0
        ? `${spec.mcpName} takes no arguments; call it with none.`
        : `${spec.mcpName} takes only ${list(names)}; leave out any other argument.`,
    );
  }
  const { properties } = jsonSchemaOf(input);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = args[key];
    // Month and date ids in any accepted form: toolArgs reads them, and refuses any other with its own sentence.
    if (spec.periodArgs?.[key]) {
      if (value !== undefined) out[key] = value;
      continue;
    }
    const parsed = field.safeParse(value);
    if (parsed.success) {
      if (parsed.data !== undefined) out[key] = parsed.data;
      continue;
    }
    const { type, description = '' } = properties[key] ?? {};
    if (typeof value === 'string' && type === 'string') {
      out[key] = value;
      continue;
    }
    const what = lowerFirst(description.trim());
    throw new ToolRefusal(
      'validation',
      value === undefined
        ? `${key} is required${what ? `: ${what}` : '.'}`
        : `${key} takes ${(type && TYPE_WORDS[type]) ?? 'another kind of value'}${what ? `: ${what}` : '.'}`,
    );
  }
  return toolArgs(spec, out);
}
