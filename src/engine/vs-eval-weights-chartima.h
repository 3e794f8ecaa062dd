/* vs-eval-weights-chartima.h — Chartima evaluation weights (cp).
 * Hand-set; `variant-study-cli tune` rewrites this table. */
#define VS_EVAL_WEIGHTS_CHARTIMA(X) \
  X (TEMPO,           10)
