# The table of scripts/ab-rates.sh and scripts/saved-rates.sh from their verdicts.csv (awk -F, -f rates-table.awk
# verdicts.csv): per kind, the share of each outcome with a 95 % Wilson interval for REGRESSED, what was burned,
# the verdicts' mean interval half-width (where the CSV has "low" and "high") and their time.
NR == 1 { for (c = 1; c <= NF; c++) col[$c] = c; burned = col["injected_percent"] ? col["injected_percent"] : col["burned_percent"]; next }
{
  k = $col["kind"]; n[k]++; o[k, $col["outcome"]]++; t[k] += $col["seconds"]; if ($col["seconds"] > tmax[k]) tmax[k] = $col["seconds"]
  if ($burned != "") { inj[k] += $burned; ninj[k]++ }
  if (col["low"] && $col["low"] != "") { w[k] += ($col["high"] - $col["low"]) / 2; nw[k]++ }
  if (!(k in seen)) { seen[k] = 1; order[++kinds] = k }
}
function wilson(x, m,   p, z, c, h) { z = 1.96; p = x / m; c = (p + z*z/(2*m)) / (1 + z*z/m)
  h = z * sqrt(p*(1-p)/m + z*z/(4*m*m)) / (1 + z*z/m); return sprintf("[%.1f, %.1f]", 100*(c-h), 100*(c+h)) }
END {
  half = col["low"] ? " interval half-width |" : ""
  printf "\n| injected | verdicts | REGRESSED | 95 %% interval | PASS | INCONCLUSIVE | cannot judge |%s mean / max time |\n", half
  printf "|---|---|---|---|---|---|---|%s---|\n", half ? "---|" : ""
  for (j = 1; j <= kinds; j++) { k = order[j]
    label = k == "none" ? "none (A/A)" : k (ninj[k] ? sprintf(" (burned %.1f %%)", inj[k]/ninj[k]) : "")
    printf "| %s | %d | %.1f %% | %s | %.1f %% | %.1f %% | %d |", label, n[k], 100*o[k,"REGRESSED"]/n[k],
      wilson(o[k,"REGRESSED"], n[k]), 100*o[k,"PASS"]/n[k], 100*o[k,"INCONCLUSIVE"]/n[k], o[k,"cannot judge"]
    if (half) printf " %s |", nw[k] ? sprintf("%.1f %%", w[k]/nw[k]) : ""
    printf " %.0f / %d s |\n", t[k]/n[k], tmax[k]
  }
}
