import { useState } from "react";
import type { CsvProblem, ParsedCsv, ParseOutcome } from "./parse-csv";

/**
 * The file step of a CSV import: the table read, or why it could not be, and whether it is
 * being read. `read` shows the outcome of reading and hands a table on to `onRead`.
 */
export function useCsvFile() {
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [problem, setProblem] = useState<CsvProblem | null>(null);
  const [isReading, setIsReading] = useState(false);

  const read = async (reading: () => Promise<ParseOutcome>, onRead: (csv: ParsedCsv) => void) => {
    setIsReading(true);
    setProblem(null);
    const outcome = await reading();
    setIsReading(false);
    if (!outcome.ok) {
      setCsv(null);
      setProblem(outcome.problem);
      return;
    }
    setCsv(outcome.csv);
    onRead(outcome.csv);
  };

  return { csv, problem, isReading, read, clear: () => setCsv(null) };
}
