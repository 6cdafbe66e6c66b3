C SPDX-License-Identifier: BSD-3-Clause
C-----------------------------------------------------------------------
C Independent test oracle for CERNLIB V113 RANMAR / RMARIN / RMARUT,
C written from the published algorithm (James 1990; V113 writeup).
C Straightforward loops in default REAL arithmetic, no jump-ahead.
C
C State: COMMON /RANMA1/ IJKL, NTOT, NTOT2, I97, J97, C, U(97)
C (103 words). The "first call" flag of the original lives here in a
C private common /GRRF1/ (zero = nothing initialised yet).
C
C Behaviour reproduced:
C  - first RANMAR call without RMARIN initialises with 54217137, 0, 0;
C  - RMARIN fills the 24-bit table, skips NTOT2*10**9 + NTOT steps
C    (NTOT2+1 passes, the last of NTOT steps; negative counts skip
C    nothing in their pass) and then RESETS NTOT = NTOT2 = 0;
C  - an exact raw zero becomes 2**-24 * U(2) (table after the step),
C    and 2**-48 if that is zero as well;
C  - NTOT += LENV once per call, one carry into NTOT2 at 10**9;
C  - RMARUT returns IJKL, NTOT, NTOT2 (zeros before any init).
C-----------------------------------------------------------------------
      SUBROUTINE RANMAR(RVEC,LENV)
      IMPLICIT NONE
      INTEGER LENV
      REAL RVEC(*)
      INTEGER IJKL,NTOT,NTOT2,I97,J97
      REAL C,U(97)
      COMMON /RANMA1/ IJKL,NTOT,NTOT2,I97,J97,C,U
      INTEGER INITED
      COMMON /GRRF1/ INITED
      SAVE /RANMA1/, /GRRF1/
      REAL UNI
      INTEGER N
      REAL T24,T48
      PARAMETER (T24 = 1.0/16777216.0)
      PARAMETER (T48 = T24*T24)

      IF (INITED .EQ. 0) THEN
        IJKL  = 54217137
        NTOT  = 0
        NTOT2 = 0
        CALL GRR1IN
      ENDIF
      DO 10 N = 1, LENV
        CALL GRST24(U, I97, J97, C, UNI)
        IF (UNI .EQ. 0.0) THEN
          UNI = T24*U(2)
          IF (UNI .EQ. 0.0) UNI = T48
        ENDIF
        RVEC(N) = UNI
   10 CONTINUE
      NTOT = NTOT + LENV
      IF (NTOT .GE. 1000000000) THEN
        NTOT2 = NTOT2 + 1
        NTOT  = NTOT - 1000000000
      ENDIF
      END

      SUBROUTINE RMARIN(IJKLIN,NTOTIN,NTO2IN)
      IMPLICIT NONE
      INTEGER IJKLIN,NTOTIN,NTO2IN
      INTEGER IJKL,NTOT,NTOT2,I97,J97
      REAL C,U(97)
      COMMON /RANMA1/ IJKL,NTOT,NTOT2,I97,J97,C,U
      SAVE /RANMA1/
      IJKL  = IJKLIN
      NTOT  = NTOTIN
      NTOT2 = NTO2IN
      CALL GRR1IN
      END

      SUBROUTINE RMARUT(IJKLUT,NTOTUT,NTO2UT)
      IMPLICIT NONE
      INTEGER IJKLUT,NTOTUT,NTO2UT
      INTEGER IJKL,NTOT,NTOT2,I97,J97
      REAL C,U(97)
      COMMON /RANMA1/ IJKL,NTOT,NTOT2,I97,J97,C,U
      SAVE /RANMA1/
      IJKLUT = IJKL
      NTOTUT = NTOT
      NTO2UT = NTOT2
      END

C Initialise /RANMA1/ from its IJKL, NTOT, NTOT2; then reset counters.
      SUBROUTINE GRR1IN
      IMPLICIT NONE
      INTEGER IJKL,NTOT,NTOT2,I97,J97
      REAL C,U(97)
      COMMON /RANMA1/ IJKL,NTOT,NTOT2,I97,J97,C,U
      INTEGER INITED
      COMMON /GRRF1/ INITED
      SAVE /RANMA1/, /GRRF1/
      INITED = 1
      CALL GRFL24(IJKL, U)
      C   = 362436.0/16777216.0
      I97 = 97
      J97 = 33
      CALL GRSKP4(U, I97, J97, C, NTOT, NTOT2)
      NTOT  = 0
      NTOT2 = 0
      END
