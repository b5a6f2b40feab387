-- wrk script of the serve benchmark (Benchmarks/serve): POSTs pre-made requests, each thread its own
-- share of them, and counts the answers by status.
--
-- Usage: wrk -t THREADS -c CONNECTIONS -d SECONDS -s serve_load.lua URL -- REQUESTS THREADS
-- REQUESTS has one request a line, "PATH<TAB>BODY" (reference/serve_requests.py writes it). Thread
-- k of THREADS sends lines k, k+THREADS, k+2*THREADS… in turn; when it has sent all of its share it
-- starts again from its first, and each request sent again is counted as a repeat. At the end one
-- line "SERVE_RESULT {json}" goes to stdout: requests answered, seconds, requests per second,
-- latency percentiles in milliseconds, the answers by status, socket errors, and the requests
-- made, distinct and repeated.

local threads = {}

function setup(thread)
   thread:set("id", #threads)
   table.insert(threads, thread)
end

function init(args)
   local file, count = args[1], tonumber(args[2])
   local headers = { ["Content-Type"] = "application/json" }
   share = {}
   local i = 0
   for line in io.lines(file) do
      if i % count == id then
         local tab = line:find("\t", 1, true)
         share[#share + 1] = wrk.format("POST", line:sub(1, tab - 1), headers, line:sub(tab + 1))
      end
      i = i + 1
   end
   if #share == 0 then
      error("serve_load.lua: no requests for thread " .. id .. " in " .. file)
   end
   sharesize = #share
   nextrequest = 1
   made = 0
   statuses = {}
end

function request()
   local r = share[nextrequest]
   nextrequest = nextrequest % #share + 1
   made = made + 1
   return r
end

function response(status, headers, body)
   statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
   local made, distinct, repeated, byStatus = 0, 0, 0, {}
   for _, thread in ipairs(threads) do
      local m, size = thread:get("made"), thread:get("sharesize")
      made = made + m
      distinct = distinct + math.min(m, size)
      repeated = repeated + math.max(0, m - size)
      for status, n in pairs(thread:get("statuses")) do
         byStatus[tostring(status)] = (byStatus[tostring(status)] or 0) + n
      end
   end
   local statusText = {}
   for status, n in pairs(byStatus) do
      statusText[#statusText + 1] = string.format('"%s": %d', status, n)
   end
   local seconds = summary.duration / 1e6
   local e = summary.errors
   io.write(string.format(
      'SERVE_RESULT {"requests": %d, "seconds": %.3f, "rps": %.1f, "p50Ms": %.3f, "p90Ms": %.3f, "p99Ms": %.3f, '
         .. '"maxMs": %.3f, "statuses": {%s}, "errors": {"connect": %d, "read": %d, "write": %d, "timeout": %d}, '
         .. '"made": %d, "distinct": %d, "repeated": %d}\n',
      summary.requests, seconds, summary.requests / seconds, latency:percentile(50) / 1e3,
      latency:percentile(90) / 1e3, latency:percentile(99) / 1e3, latency.max / 1e3, table.concat(statusText, ", "),
      e.connect, e.read, e.write, e.timeout, made, distinct, repeated))
end
