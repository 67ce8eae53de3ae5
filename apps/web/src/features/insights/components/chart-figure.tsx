import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';

export type TableView = { columns: string[]; rows: (string | number)[][] };

/**
 * A chart with its title, a one-sentence summary for screen readers and a switch to its figures as a table
 * (product.md section 2, Insights): the chart itself is hidden from screen readers, which read the table.
 */
export function ChartFigure(props: { title: string; summary: string; table: TableView; children: ReactNode }) {
  const [isTable, setIsTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      sx={{ m: 0, p: 2, borderRadius: 3, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="figcaption" variant="h6" sx={{ fontWeight: 700 }}>
          {props.title}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={isTable} onChange={(e) => setIsTable(e.target.checked)} />}
          label="Table"
        />
      </Box>
      <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.summary}
      </Typography>
      {isTable ? <FigureTable title={props.title} table={props.table} /> : <Box aria-hidden>{props.children}</Box>}
    </Paper>
  );
}

function FigureTable({ title, table }: { title: string; table: TableView }) {
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={title}>
        <TableHead>
          <TableRow>
            {table.columns.map((column, i) => (
              <TableCell key={column} align={i === 0 ? 'left' : 'right'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={String(row[0])}>
              {row.map((cell, i) => (
                <TableCell key={table.columns[i]} align={i === 0 ? 'left' : 'right'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
