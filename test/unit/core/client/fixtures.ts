// Small XML answers and a recording logger for the client tests.
import type { Logger } from '../../../../src/core/log.js';

export function envelope(code: string, message: string, result = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<response>
  <status><code>${code}</code><message>${message}</message><timestamp>2024-06-03 10:15:00:123 +0000</timestamp></status>
  <service><provider>Example</provider><id>vsms</id><version>2.10</version></service>
  <result>${result}</result>
</response>`;
}

export const MONTH_RESULT = `<monthView><currentDateID>20240602</currentDateID><calls>
  <date dateID="20240602"><call_legs>5</call_legs><call_legs_in>2</call_legs_in><call_legs_out>3</call_legs_out><calls_unique>4</calls_unique><duration_min>17</duration_min></date>
  <date dateID="20240601"><call_legs>1</call_legs><call_legs_in>1</call_legs_in><call_legs_out>0</call_legs_out><calls_unique>1</calls_unique><duration_min>2</duration_min></date>
</calls></monthView>`;

export const ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE response [
  <!ENTITY a "aaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
]>
<response><status><code>200</code><message>&d;</message></status><result/></response>`;

export interface RecordingLogger extends Logger {
  lines: string[];
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  const at = (level: string) => (m: string) => void lines.push(`${level} ${m}`);
  return { lines, trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
