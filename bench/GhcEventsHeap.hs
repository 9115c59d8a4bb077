-- The reference of perf.md P6: decode an eventlog with the ghc-events
-- library (Debian libghc-ghc-events-dev) and print its heap samples,
-- one line per band value: time, residency, stack or label.  Events are
-- read incrementally (GHC.RTS.Events.Incremental), so memory is not
-- what is measured.
module Main (main) where

import qualified Data.ByteString.Lazy as BL
import GHC.RTS.Events
import GHC.RTS.Events.Incremental (readEventLog)
import System.Environment (getArgs)
import System.IO

main :: IO ()
main = do
  [path] <- getArgs
  bytes <- BL.readFile path
  hSetBuffering stdout (BlockBuffering Nothing)
  case readEventLog bytes of
    Left err -> hPutStrLn stderr err
    Right (EventLog _ (Data evs), _) -> mapM_ sample evs

sample :: Event -> IO ()
sample ev = case evSpec ev of
  HeapProfSampleBegin era -> putStrLn ("BEGIN " ++ show (evTime ev) ++ " " ++ show era)
  HeapProfSampleCostCentre _ res _ stack ->
    putStrLn (show (evTime ev) ++ "\t" ++ show res ++ "\t" ++ show stack)
  HeapProfSampleString _ res label ->
    putStrLn (show (evTime ev) ++ "\t" ++ show res ++ "\t" ++ show label)
  _ -> return ()
