-- The reference of perf.md P7: parse a .prof report with the ghc-prof
-- library (Hackage ghc-prof 1.4.1.x, the parser under profiteur,
-- profiterole and viewprof) and print its cost-centre tree, one line
-- per cost-centre stack: depth, name, module, entries, individual and
-- inherited time and alloc.  ghc-prof is not a Debian package and is not
-- part of hptools: bench/run compiles this file against the unpacked
-- source tree named by GHC_PROF_SRC (see bench/run).
module Main (main) where

import qualified Data.Text as T
import qualified Data.Text.Lazy.IO as TLIO
import Data.Tree (Tree (..))
import GHC.Prof
import System.Environment (getArgs)
import System.Exit (exitWith, ExitCode (..))
import System.IO

main :: IO ()
main = do
  [path] <- getArgs
  text <- TLIO.readFile path
  hSetBuffering stdout (BlockBuffering Nothing)
  case decode text of
    Left err -> hPutStrLn stderr ("GhcProfTree: " ++ err) >> exitWith (ExitFailure 2)
    Right prof -> case costCentres prof of
      Nothing -> hPutStrLn stderr "GhcProfTree: no tree" >> exitWith (ExitFailure 2)
      Just tree -> walk [(0 :: Int, tree)]

-- Depth first with an explicit stack, so that a deep tree does not
-- measure the Haskell stack.
walk :: [(Int, Tree CostCentre)] -> IO ()
walk [] = return ()
walk ((d, Node cc kids) : rest) = do
  putStrLn (show d ++ "\t" ++ T.unpack (costCentreName cc) ++ "\t"
    ++ T.unpack (costCentreModule cc) ++ "\t" ++ show (costCentreEntries cc)
    ++ "\t" ++ show (costCentreIndTime cc) ++ "\t" ++ show (costCentreIndAlloc cc)
    ++ "\t" ++ show (costCentreInhTime cc) ++ "\t" ++ show (costCentreInhAlloc cc))
  walk ([(d + 1, k) | k <- kids] ++ rest)
